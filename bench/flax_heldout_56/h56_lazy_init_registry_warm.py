# label: ok
# flax-error: none
# class: 4 components registered in a plugin REGISTRY are warmed up (params initialised) on a sample before the jax.lax.while_loop, so the body only reads cached params
import jax
import jax.numpy as jnp
from flax import linen as nn

REGISTRY = {}


def register(name):
    def deco(cls):
        REGISTRY[name] = cls
        return cls
    return deco


class Smoother(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(x.shape[-1])(x) * 0.5 + x * 0.5


class LazyComponent:
    module_cls = None

    def __init__(self, seed=0):
        self.module = self.module_cls()
        self.seed = seed
        self.params = None

    def warmup(self, x):
        if self.params is None:
            self.params = self.module.init(jax.random.PRNGKey(self.seed), x)["params"]

    def __call__(self, x):
        if self.params is None:
            self.params = self.module.init(jax.random.PRNGKey(self.seed), x)["params"]
        return self.module.apply({"params": self.params}, x)


@register("smoother")
class SmootherComponent(LazyComponent):
    module_cls = Smoother


class Pipeline:
    def __init__(self, names):
        self.components = [REGISTRY[n]() for n in names]

    def refine(self, x, tol=1e-3, max_iters=10):
        for comp in self.components:
            comp.warmup(x)

        def cond(state):
            i, x, delta = state
            return (i < max_iters) & (delta > tol)

        def body(state):
            i, x, _ = state
            y = x
            for comp in self.components:
                y = comp(y)
            return i + 1, y, jnp.abs(y - x).max()

        _, x, _ = jax.lax.while_loop(cond, body, (0, x, jnp.inf))
        return x

    def export(self):
        return [jax.tree_util.tree_map(lambda p: p * 1.0, c.params) for c in self.components]


def main():
    pipe = Pipeline(["smoother"])
    pipe.refine(jnp.ones((2, 4)))
    pipe.export()
    return None
