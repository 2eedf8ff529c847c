# label: ok
# flax-error: none
# class: 3 a compact Dense is called once on the first input (`h0 = proj(xs[0])`) before the scan, then handed to nn.cond as the module its module-level branches call in the scan body
"""A depth-gated stack that projects the first input, then picks a residual or a plain projection
with nn.cond for each input of a jax.lax.scan; init then apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def residual(mdl, h):
    return h + mdl(h)


def plain(mdl, h):
    return mdl(h)


class GatedDepth(nn.Module):
    @nn.compact
    def __call__(self, xs):
        proj = nn.Dense(3)
        h0 = proj(xs[0])

        def body(h, x):
            h = nn.cond(jnp.sum(x) > 0, residual, plain, proj, jnp.tanh(h + x))
            return h, None

        return jax.lax.scan(body, h0, xs)[0]


def main():
    model = GatedDepth()
    xs = jnp.concatenate([jnp.ones((2, 3)), -jnp.ones((2, 3))])
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
