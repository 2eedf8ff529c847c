# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 module-level unroll gets a bound learned optimiser whose 'opt_state' step counter variable is incremented inside a raw while_loop body
"""Learning to learn by gradient descent by gradient descent (Andrychowicz et al. 2016): a
coordinatewise LSTM proposes updates for a quadratic optimisee; the optimiser keeps a step
counter used for a learning-rate warm-up."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LearnedOptimizer(nn.Module):
    hidden: int = 20

    @nn.compact
    def __call__(self, grad, lstm_state):
        count = self.variable("opt_state", "count", lambda: jnp.zeros((), jnp.int32))
        warmup = jnp.minimum(1.0, (count.value + 1) / 10.0)
        count.value = count.value + 1
        lstm_state, h = nn.OptimizedLSTMCell(self.hidden)(lstm_state, grad[:, None])
        return warmup * 0.1 * nn.Dense(1)(h)[:, 0], lstm_state

    def init_lstm(self, n):
        return nn.OptimizedLSTMCell(self.hidden, parent=None).initialize_carry(
            jax.random.PRNGKey(0), (n, 1))


def quadratic_loss(theta, W, y):
    return jnp.sum((W @ theta - y) ** 2)


def unroll(opt, theta, W, y, tol=1e-3, max_steps=20):
    lstm_state = opt.init_lstm(theta.shape[0])

    def cond(carry):
        i, theta, _ = carry
        return (i < max_steps) & (quadratic_loss(theta, W, y) > tol)

    def body(carry):
        i, theta, lstm_state = carry
        g = jax.grad(quadratic_loss)(theta, W, y)
        update, lstm_state = opt(g, lstm_state)
        return i + 1, theta + update, lstm_state

    _, theta, _ = jax.lax.while_loop(cond, body, (0, theta, lstm_state))
    return theta


def main():
    n = 6
    W = jax.random.normal(jax.random.PRNGKey(1), (n, n))
    y = jax.random.normal(jax.random.PRNGKey(2), (n,))
    theta0 = jnp.zeros((n,))
    opt = LearnedOptimizer()
    variables = opt.init(jax.random.PRNGKey(0), jnp.zeros((n,)), opt.init_lstm(n))

    def meta_loss(params, opt_state):
        bound = opt.bind({"params": params, "opt_state": opt_state}, mutable=["opt_state"])
        theta = unroll(bound, theta0, W, y)
        return quadratic_loss(theta, W, y), bound.variables["opt_state"]

    loss, opt_state = meta_loss(variables["params"], variables["opt_state"])
    print(loss, opt_state["count"] + 0)
    return None
