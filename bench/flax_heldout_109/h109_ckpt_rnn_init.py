# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 CharRNN.__call__ wraps its step in jax.checkpoint and scans it; the GRUCell/Embed/Dense params are first created inside the checkpointed body on init
"""Character-level RNN. The step is wrapped in jax.checkpoint to save activation memory on long
sequences, then run over time with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class CharRNN(nn.Module):
    vocab: int = 11
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.vocab)

    def __call__(self, tokens):
        @jax.checkpoint
        def step(h, tok):
            h, y = self.cell(h, self.embed(tok))
            return h, self.head(y)

        h0 = jnp.zeros((tokens.shape[0], self.hidden))
        _, logits = jax.lax.scan(step, h0, tokens.T)
        return logits.transpose(1, 0, 2)


def main():
    model = CharRNN()
    tokens = jax.random.randint(jax.random.key(0), (4, 12), 0, 11)
    variables = model.init(jax.random.key(1), tokens[:, :-1])

    def loss_fn(params):
        logits = model.apply({"params": params}, tokens[:, :-1])
        return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(variables["params"])
    print("loss", loss)
    return None
