# label: ok
# flax-error: none
# class: 2 hidden states returned by the scan and sown once after it
import flax.linen as nn
import jax
import jax.numpy as jnp


class ProbedRNN(nn.Module):
    hidden: int = 5

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        h0 = self.cell(xs[0])

        def step(h, x):
            h = jnp.tanh(self.cell(h) + x)
            return h, h

        h, hs = jax.lax.scan(step, h0, xs)
        self.sow("intermediates", "hidden", hs)
        return h


def main():
    xs = jnp.ones((4, 5))
    model = ProbedRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    _, state = model.apply(variables, xs, mutable=["intermediates"])
    print(jnp.linalg.norm(state["intermediates"]["hidden"][0], axis=-1))
