//! `formgate publish FORM --prompt TEXT [--messages FILE]`: print the GET body
//! `{"p":...,"m":[...],"s":...}` of an address serving the form.

use std::path::PathBuf;

use formgate::publish::Message;

use crate::input::Source;
use crate::Status;

/// Arguments of `formgate publish`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// The form (a JSON Schema file)
    #[arg(value_name = "FORM")]
    form: PathBuf,
    /// The system context `p`: what this address is, and what to do
    #[arg(long, value_name = "TEXT")]
    prompt: String,
    /// A JSON array of prior messages, each {"role": ..., "content": ...}
    #[arg(long, value_name = "FILE")]
    messages: Option<PathBuf>,
    /// Also print the entity tag, on standard error
    #[arg(long)]
    etag: bool,
}

/// Print the GET body: exit 0, 1 if the form does not compile or the messages are
/// malformed, 2 on I/O errors.
pub(crate) fn run(args: &Args) -> Status {
    let messages = match &args.messages {
        None => Vec::new(),
        Some(path) => {
            let source = Source::new(path);
            let bytes = match source.read(formgate::DEFAULT_MAX_BYTES + 1) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("{}: {e}", source.name());
                    return Status::Failed;
                }
            };
            match Message::list_from_json(&bytes) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("{}: {e}", source.name());
                    return Status::Rejected;
                }
            }
        }
    };
    let form = match crate::form_arg::load(&args.form, formgate::Limits::default(), &args.dialect) {
        Ok(f) => f,
        Err(status) => return status,
    };
    let published = form.publish(&args.prompt, &messages);
    outln!("{}", String::from_utf8_lossy(published.body()));
    if args.etag {
        eprintln!("ETag: {}", published.etag());
    }
    Status::Accepted
}
