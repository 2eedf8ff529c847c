# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.GRUCell and the output head are built in @nn.compact and closed over by the raw jax.lax.scan step, so init creates their params inside the scan
"""Character-level GRU language model trained with teacher forcing."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 32


class CharGRU(nn.Module):
    hidden: int = 16
    vocab: int = VOCAB

    @nn.compact
    def __call__(self, tokens):
        # tokens: [batch, time]
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(features=self.hidden)
        head = nn.Dense(self.vocab)

        x = jnp.swapaxes(embed(tokens), 0, 1)  # [time, batch, hidden]
        h0 = jnp.zeros((tokens.shape[0], self.hidden))

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, head(y)

        _, logits = jax.lax.scan(step, h0, x)
        return jnp.swapaxes(logits, 0, 1)


def next_token_loss(logits, tokens):
    logp = jax.nn.log_softmax(logits[:, :-1])
    target = jax.nn.one_hot(tokens[:, 1:], logits.shape[-1])
    return -jnp.mean(jnp.sum(logp * target, -1))


def main():
    tokens = jax.random.randint(jax.random.key(0), (2, 7), 0, VOCAB)
    model = CharGRU()
    variables = model.init(jax.random.key(1), tokens)
    loss, grads = jax.value_and_grad(
        lambda p: next_token_loss(model.apply({"params": p}, tokens), tokens)
    )(variables["params"])
    print(float(loss))
