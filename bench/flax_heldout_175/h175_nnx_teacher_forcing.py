# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the Decoder.__call__ that owns the GRUCell runs the scan and appends each hidden state to its list attribute self.hidden_log
"""GRU decoder with teacher forcing; keep every hidden state for a probing classifier afterwards."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.proj = nnx.Linear(hidden, vocab, rngs=rngs)
        self.hidden_log = []

    def __call__(self, h0, targets):
        def body(h, token):
            h, _ = self.cell(h, self.embed(token))
            self.hidden_log.append(h)
            return h, self.proj(h)

        _, logits = jax.lax.scan(body, h0, targets[:-1])
        return logits


def main():
    model = Decoder(vocab=12, hidden=16, rngs=nnx.Rngs(0))
    targets = jax.random.randint(jax.random.key(1), (7,), 0, 12)
    logits = model(jnp.zeros((16,)), targets)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets[1:]).mean()
    hidden = jnp.stack(model.hidden_log)
    print("loss", loss, "hidden", hidden.shape)
    return None


if __name__ == "__main__":
    main()
