print("luadyn: under construction")
