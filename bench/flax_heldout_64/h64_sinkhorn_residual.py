# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a Sinkhorn layer closes over a 'diagnostics' variable and writes the marginal residual inside jax.lax.while_loop
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SinkhornMatch(nn.Module):
    epsilon: float = 0.1
    max_iters: int = 50
    tol: float = 1e-4

    @nn.compact
    def __call__(self, x, y):
        proj = nn.Dense(8)
        fx, fy = proj(x), proj(y)
        cost = jnp.sum((fx[:, None] - fy[None]) ** 2, -1)
        log_k = -cost / self.epsilon
        n, m = cost.shape
        log_a = jnp.full(n, -jnp.log(n))
        log_b = jnp.full(m, -jnp.log(m))
        residual = self.variable("diagnostics", "residual", lambda: jnp.zeros(()))

        def cond(state):
            it, f, g, err = state
            return jnp.logical_and(it < self.max_iters, err > self.tol)

        def body(state):
            it, f, g, _ = state
            f = log_a - jax.nn.logsumexp(log_k + g[None, :], axis=1)
            g = log_b - jax.nn.logsumexp(log_k + f[:, None], axis=0)
            plan = jnp.exp(log_k + f[:, None] + g[None, :])
            err = jnp.abs(plan.sum(1) - jnp.exp(log_a)).sum()
            residual.value = err
            return it + 1, f, g, err

        _, f, g, _ = lax.while_loop(cond, body, (0, jnp.zeros(n), jnp.zeros(m), jnp.inf))
        return jnp.exp(log_k + f[:, None] + g[None, :])


def main():
    model = SinkhornMatch()
    x = jax.random.normal(jax.random.PRNGKey(1), (5, 3))
    y = jax.random.normal(jax.random.PRNGKey(2), (6, 3))
    variables = model.init(jax.random.PRNGKey(0), x, y)
    plan, diag = model.apply({"params": variables["params"]}, x, y, mutable=["diagnostics"])
    if diag["diagnostics"]["residual"] > 1e-2:
        print("sinkhorn did not converge")
    return None
