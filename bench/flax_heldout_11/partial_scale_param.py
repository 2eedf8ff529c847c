# label: ok
# flax-error: none
# class: 4 functools.partial of a module-level step that calls mdl.param, used as the scan body
import functools
import jax
import jax.numpy as jnp
from flax import linen as nn


def step(mdl, decay, c, x):
    g = mdl.param("gain", nn.initializers.ones, ())
    c = decay * c + g * x
    return c, c


class Smoother(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, xs):
        body = functools.partial(step, self, self.decay)
        _, out = jax.lax.scan(body, 0.0, xs)
        return out


def main():
    sm = Smoother()
    xs = jnp.ones(8)
    vs = sm.init(jax.random.PRNGKey(0), xs)
    print(vs)
    print(sm.apply(vs, xs))
    return None
