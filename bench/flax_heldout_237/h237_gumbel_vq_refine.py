# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the quantizer's codebook and projection are first reached through a refine function looked up in a decorator registry, whose while_loop body calls module.codes() during init
import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import while_loop

QUANTIZERS = {}


def register(name):
    def wrap(fn):
        QUANTIZERS[name] = fn
        return fn
    return wrap


@register("gumbel")
def gumbel_refine(module, z, key, n_iters, tau0=1.0):
    def cond(state):
        i, _, _ = state
        return i < n_iters

    def body(state):
        i, z_q, tau = state
        logits, codebook = module.codes(z_q)
        g = jax.random.gumbel(jax.random.fold_in(key, i), logits.shape)
        soft = jax.nn.softmax((logits + g) / tau, axis=-1)
        return i + 1, soft @ codebook, tau * 0.5

    _, z_q, _ = while_loop(cond, body, (0, z, tau0))
    return z_q


@register("hard")
def hard_refine(module, z, key, n_iters, tau0=1.0):
    logits, codebook = module.codes(z)
    return codebook[jnp.argmax(logits, axis=-1)]


class GumbelQuantizer(linen.Module):
    num_codes: int = 8
    dim: int = 4
    method: str = "gumbel"
    n_refine: int = 3

    @linen.compact
    def codes(self, z):
        codebook = self.param("codebook", linen.initializers.normal(1.0), (self.num_codes, self.dim))
        logits = linen.Dense(self.num_codes, name="to_logits")(z)
        return logits, codebook

    def __call__(self, z):
        refine = QUANTIZERS[self.method]
        return refine(self, z, self.make_rng("gumbel"), self.n_refine)


def main():
    quantizer = GumbelQuantizer()
    z = jnp.ones((2, 4))
    variables = quantizer.init({"params": jax.random.key(0), "gumbel": jax.random.key(1)}, z)
    z_q = quantizer.apply(variables, z, rngs={"gumbel": jax.random.key(2)})
    jax.block_until_ready(z_q)
    return None
