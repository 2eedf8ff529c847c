# label: ok
# flax-error: none
# class: 1 Dense built in the compact method and called once on the first input before the scan
import flax.linen as nn
import jax
import jax.numpy as jnp


class DenseRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        recur = nn.Dense(self.hidden, name="recur")
        embed = nn.Dense(self.hidden, name="embed")
        h0 = jnp.tanh(embed(xs[0]))
        h0 = jnp.tanh(recur(h0))

        def step(h, x):
            h = jnp.tanh(recur(h) + embed(x))
            return h, h

        return jax.lax.scan(step, h0, xs[1:])


def main():
    xs = jnp.ones((6, 2, 4))
    model = DenseRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
