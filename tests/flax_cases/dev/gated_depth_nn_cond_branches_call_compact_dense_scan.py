# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a compact Dense is handed to nn.cond as the module whose module-level branches (residual / plain) call it, inside the scan body; nothing calls it before the scan
"""A depth-gated stack that picks a residual or a plain projection with nn.cond for each input of a
jax.lax.scan; init then apply."""
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

        def body(h, x):
            h = nn.cond(jnp.sum(x) > 0, residual, plain, proj, jnp.tanh(h + x))
            return h, None

        return jax.lax.scan(body, jnp.zeros(3), xs)[0]


def main():
    model = GatedDepth()
    xs = jnp.concatenate([jnp.ones((2, 3)), -jnp.ones((2, 3))])
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
