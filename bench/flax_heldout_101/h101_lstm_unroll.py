# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 SeqClassifier.__call__ runs jax.lax.scan itself and its body calls the submodule self.cell
"""Sequence classifier: LSTM unrolled over time by hand, last hidden state -> logits."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SeqClassifier(nn.Module):
    hidden: int = 32
    num_classes: int = 5

    def setup(self):
        self.cell = nn.LSTMCell(features=self.hidden)
        self.head = nn.Dense(self.num_classes)

    def __call__(self, xs):
        # xs: [time, batch, features]
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))

        def step(carry, x_t):
            carry, h = self.cell(carry, x_t)
            return carry, h

        carry, hs = jax.lax.scan(step, carry, xs)
        return self.head(hs[-1])


def main():
    model = SeqClassifier()
    xs = jnp.ones((12, 3, 8))
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits = model.apply(variables, xs)
    print(logits.shape)
    return None
