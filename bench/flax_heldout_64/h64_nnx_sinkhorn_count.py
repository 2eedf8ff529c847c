# label: trace-context
# flax-error: TraceContextError: Cannot mutate IterCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX Sinkhorn attention layer increments an iteration-counter nnx.Variable inside its jax.lax.while_loop body closure
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class IterCount(nnx.Variable):
    pass


class SinkhornAttention(nnx.Module):
    def __init__(self, d, *, epsilon=0.1, max_iters=30, tol=1e-4, rngs):
        self.q = nnx.Linear(d, d, rngs=rngs)
        self.k = nnx.Linear(d, d, rngs=rngs)
        self.epsilon, self.max_iters, self.tol = epsilon, max_iters, tol
        self.iters = IterCount(jnp.zeros((), jnp.int32))

    def __call__(self, x):
        logits = self.q(x) @ self.k(x).T / self.epsilon
        n = logits.shape[0]

        def cond(s):
            it, f, g, err = s
            return (it < self.max_iters) & (err > self.tol)

        def body(s):
            it, f, g, _ = s
            f = -jax.nn.logsumexp(logits + g[None, :], axis=1)
            g = -jax.nn.logsumexp(logits + f[:, None], axis=0)
            err = jnp.abs(jnp.exp(logits + f[:, None] + g[None, :]).sum(1) - 1.0).max()
            self.iters[...] += 1
            return it + 1, f, g, err

        _, f, g, _ = lax.while_loop(cond, body, (0, jnp.zeros(n), jnp.zeros(n), jnp.inf))
        attn = jnp.exp(logits + f[:, None] + g[None, :])
        return attn @ x


def main():
    layer = SinkhornAttention(4, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (6, 4))
    out = layer(x)
    print("sinkhorn iterations:", int(layer.iters[...]), out.shape)
    return None
