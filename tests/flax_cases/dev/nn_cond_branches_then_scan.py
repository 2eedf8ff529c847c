# label: ok
# flax-error: none
# class: 3 the submodule first runs inside nn.cond before the scan, then is called in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


class Switching(nn.Module):
    hidden: int = 4

    def setup(self):
        self.proj = nn.Dense(self.hidden)
        self.inp = nn.Dense(self.hidden)

    def __call__(self, xs, squash):
        h0 = nn.cond(squash, lambda mdl, x: jnp.tanh(mdl.proj(x)), lambda mdl, x: mdl.proj(x), self, xs[0])
        h0 = h0 + self.inp(xs[0])

        def step(h, x):
            h = jnp.tanh(self.proj(h) + self.inp(x))
            return h, h

        return jax.lax.scan(step, h0, xs[1:])


def main():
    xs = jnp.ones((5, 4))
    model = Switching()
    variables = model.init(jax.random.PRNGKey(0), xs, True)
    model.apply(variables, xs, False)
