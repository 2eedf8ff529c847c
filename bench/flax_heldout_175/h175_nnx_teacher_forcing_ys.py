# label: ok
# flax-error: none
# class: 1 the Decoder.__call__ that owns the GRUCell runs the scan and returns each hidden state as a scan output
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

    def __call__(self, h0, targets):
        def body(h, token):
            h, _ = self.cell(h, self.embed(token))
            return h, (self.proj(h), h)

        _, (logits, hidden) = jax.lax.scan(body, h0, targets[:-1])
        return logits, hidden


def main():
    model = Decoder(vocab=12, hidden=16, rngs=nnx.Rngs(0))
    targets = jax.random.randint(jax.random.key(1), (7,), 0, 12)
    logits, hidden = model(jnp.zeros((16,)), targets)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets[1:]).mean()
    print("loss", loss, "hidden", hidden.shape)
    return None


if __name__ == "__main__":
    main()
