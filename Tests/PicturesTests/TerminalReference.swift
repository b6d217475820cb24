/// Reference drawings, checked by eye once and kept so any change to the drawing shows up.
enum TerminalReference {
    static let room40 = """
    ⡏⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⢹⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⢹
    ⡇                           ⢸          ⢸
    ⡇                           ⢸          ⢸
    ⡇                           ⢸          ⢸
    ⡇      ⢀⣤⣀                  ⢸          ⢸
    ⡇     ⢠⣿⣿⣿⣷⣦⣄⡀           ⢀⣤⣶⣾⣶⣦⣄       ⢸
    ⡇    ⢰⣿⣿⣿⣿⣿⣿⣿⣿⣶⣤⣀       ⢰⣿⣿⣿⣿⣿⣿⣿⣷      ⢸
    ⡇     ⠈⠙⠻⣿⣿⣿⣿⣿⣿⣿⠟       ⣿⣿⣿⣿⣿⣿⣿⣿⣿⡇     ⢸
    ⡇         ⠉⠛⢿⣿⣿⠏        ⠸⣿⣿⣿⣿⣿⣿⣿⡿      ⢸
    ⡇            ⠈⠁          ⠈⠛⠿⠿⠿⠟⠋       ⢸
    ⡇                                      ⢸
    ⡇ ⠐⠒⠢⠤⢄⣀⡀                     ⢠⣦       ⢸
    ⡇       ⠈⠉⠑⠒⠢⠤⢄⣀⡀            ⢠⣿⣿⣧      ⢸
    ⡇               ⠈⠉          ⢠⣿⣿⣿⣿⣧     ⢸
    ⣇⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣸
    """
}
