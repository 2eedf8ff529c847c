# label: ok
# flax-error: none
# class: 3 the scan body merges the denoiser with `copy=True` from state carried through the scan and returns `nnx.state(net)`; a read-only Linear merged from closed-over state is also scanned; returns the denoiser's per-step outputs
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.dense(x))


def sample(xs):
    graphdef, params = nnx.split(Denoiser(nnx.Rngs(0)))
    def body(state, x):
        net = nnx.merge(graphdef, state, copy=True)
        y = net(x)
        return nnx.state(net), y
    return jax.lax.scan(body, params, xs)[1]


def project(xs):
    graphdef, params = nnx.split(nnx.Linear(4, 4, rngs=nnx.Rngs(0)))
    def body(carry, x):
        return carry, nnx.merge(graphdef, params, copy=True)(x)
    return jax.lax.scan(body, 0.0, xs)[1]


def main():
    xs = jnp.ones((5, 2, 4))
    jax.tree.map(lambda a: a + 0, project(jax.random.normal(jax.random.key(1), (5, 2, 4))))
    return sample(xs)
