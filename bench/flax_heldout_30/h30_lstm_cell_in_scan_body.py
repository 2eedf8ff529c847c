# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.LSTMCell is constructed and first called inside the raw lax.scan body of an @nn.compact __call__, so init creates its params in the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CharRNN(nn.Module):
    hidden: int = 8
    vocab: int = 11

    @nn.compact
    def __call__(self, tokens):
        # tokens: [time, batch]
        emb = nn.Embed(self.vocab, 6)(tokens)
        batch = tokens.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))

        def step(carry, x_t):
            carry, h = nn.LSTMCell(features=self.hidden)(carry, x_t)
            return carry, h

        _, hs = lax.scan(step, carry, emb)
        return nn.Dense(self.vocab)(hs)


def loss_fn(params, model, tokens):
    logits = model.apply(params, tokens[:-1])
    labels = jax.nn.one_hot(tokens[1:], 11)
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), -1))


def main():
    model = CharRNN()
    tokens = jax.random.randint(jax.random.key(0), (7, 2), 0, 11)
    params = model.init(jax.random.key(1), tokens[:-1])
    loss, grads = jax.value_and_grad(loss_fn)(params, model, tokens)
    print("loss", loss)
    return None
