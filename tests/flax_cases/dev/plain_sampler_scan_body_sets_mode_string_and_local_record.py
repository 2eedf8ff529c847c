# label: ok
# flax-error: none
# class: 1 a plain sampler's scan body sets a constant string on the sampler (`self.mode = "sampling"`) and stores the loop value on a Record object it builds itself
"""A plain sampler scaling its state over four jax.lax.scan steps; the body marks the sampler's
mode and gathers each step's state through a record object it builds."""
import jax
import jax.numpy as jnp


class Record:
    pass


class Sampler:
    def __init__(self):
        self.mode = "eval"
        self.calls = 0

    def sample(self, x_T):
        def body(x, t):
            self.mode = "sampling"
            record = Record()
            record.x = x
            return x * t, record.x
        return jax.lax.scan(body, x_T, jnp.linspace(1.0, 0.0, 4))


def main():
    sampler = Sampler()
    x, xs = sampler.sample(jnp.ones((3, 2)))
    jax.tree.map(lambda a: a + 0, (x, xs))
    print(sampler.mode, sampler.calls)
