# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the Decoder.__call__ that owns the GRUCell, Embed and Dense runs the scan and first calls them in its body
"""Seq2seq GRU decoder trained with teacher forcing; the time loop is a lax.scan over target tokens."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class Decoder(nn.Module):
    vocab: int = 20
    hidden: int = 32

    @nn.compact
    def __call__(self, enc_state, targets):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(features=self.hidden)
        proj = nn.Dense(self.vocab)

        def body(h, token):
            h, _ = cell(h, embed(token))
            return h, proj(h)

        _, logits = jax.lax.scan(body, enc_state, targets[:-1])
        return logits


def main():
    model = Decoder()
    targets = jax.random.randint(jax.random.key(0), (9,), 0, 20)
    enc_state = jnp.zeros((32,))
    params = model.init(jax.random.key(1), enc_state, targets)["params"]

    def loss_fn(params):
        logits = model.apply({"params": params}, enc_state, targets)
        return optax.softmax_cross_entropy_with_integer_labels(logits, targets[1:]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    print("loss", loss)
    return None


if __name__ == "__main__":
    main()
