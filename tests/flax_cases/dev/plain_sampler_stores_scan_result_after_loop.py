# label: ok
# flax-error: none
# class: 1 a plain sampler stores the scan's last output on itself (`self.last = xs[-1]`) after the loop returns
"""A plain sampler scaling its state over four jax.lax.scan steps and keeping the last step's
state on itself after the loop."""
import jax
import jax.numpy as jnp


class Sampler:
    def __init__(self):
        self.last = None

    def sample(self, x_T):
        def body(x, t):
            return x * t, x
        x, xs = jax.lax.scan(body, x_T, jnp.linspace(1.0, 0.0, 4))
        self.last = xs[-1]
        return x


def main():
    sampler = Sampler()
    x = sampler.sample(jnp.ones((3, 2)))
    jax.tree.map(lambda a: a + 0, (x, sampler.last))
