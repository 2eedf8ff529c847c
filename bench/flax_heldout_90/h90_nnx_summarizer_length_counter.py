# label: trace-context
# flax-error: TraceContextError: Cannot mutate EmittedTokens from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 SummaryService calls self.model inside the scan body; the decoder bumps its EmittedTokens variable and LengthController reads it
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class EmittedTokens(nnx.Variable):
    pass


class Decoder(nnx.Module):
    def __init__(self, vocab, hidden, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.mix = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)
        self.emitted = EmittedTokens(jnp.zeros((), jnp.int32))

    def __call__(self, tok):
        self.emitted.value += 1
        return self.out(jnp.tanh(self.mix(self.embed(tok))))


class LengthController:
    def __init__(self, target_len):
        self.target_len = target_len

    def eos_bias(self, model):
        over = jnp.maximum(model.emitted.value - self.target_len, 0)
        return 2.0 * over.astype(jnp.float32)


class SummaryService:
    def __init__(self, model, controller, max_len):
        self.model = model
        self.controller = controller
        self.max_len = max_len

    def summarize(self, first_tok):
        def body(tok, _):
            logits = self.model(tok)
            logits = logits.at[..., 0].add(self.controller.eos_bias(self.model))
            nxt = jnp.argmax(logits, -1)
            return nxt, nxt

        _, toks = scan(body, first_tok, None, length=self.max_len)
        return toks


def main():
    model = Decoder(32, 16, rngs=nnx.Rngs(0))
    service = SummaryService(model, LengthController(target_len=4), max_len=6)
    service.summarize(jnp.ones((2,), jnp.int32))
    return None
