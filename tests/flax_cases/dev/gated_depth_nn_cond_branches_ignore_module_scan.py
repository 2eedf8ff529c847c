# label: ok
# flax-error: none
# class: 3 a compact Dense (first called on the scan's initial carry) is handed to nn.cond in the scan body, whose module-level branches (shrink / keep) never call it
"""A depth-gated stack that halves or keeps the state with nn.cond for each input of a
jax.lax.scan, starting from a projection of the first input; init then apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def shrink(mdl, h):
    return 0.5 * h


def keep(mdl, h):
    return h


class GatedDepth(nn.Module):
    @nn.compact
    def __call__(self, xs):
        proj = nn.Dense(3)

        def body(h, x):
            h = nn.cond(jnp.sum(x) > 0, shrink, keep, proj, jnp.tanh(h + x))
            return h, None

        return jax.lax.scan(body, proj(xs[0]), xs)[0]


def main():
    model = GatedDepth()
    xs = jnp.concatenate([jnp.ones((2, 3)), -jnp.ones((2, 3))])
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
