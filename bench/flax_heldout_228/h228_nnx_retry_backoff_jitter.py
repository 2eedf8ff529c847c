# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 with_backoff wraps the step in a lax.while_loop retry and draws each attempt's jitter from policy.rngs.backoff() (an nnx.Rngs stream) inside the body
"""Retry/backoff around a step: a ski-lift queue-length regressor whose update is retried
with a jittered, shrinking step size until the loss improves; the jitter per attempt is kept
for the job log."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class QueueLength(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)[..., 0]


class BackoffPolicy:
    def __init__(self, seed, max_attempts=5, factor=0.5):
        self.rngs = nnx.Rngs(backoff=seed)
        self.max_attempts = max_attempts
        self.factor = factor


def make_step(model, x, y):
    graphdef, params = nnx.split(model, nnx.Param)

    def loss_at(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def step(lr):
        loss, grads = jax.value_and_grad(loss_at)(params)
        candidate = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return loss, loss_at(candidate)

    return step


def with_backoff(step, policy: BackoffPolicy):
    def retried(lr):
        def worse(state):
            attempt, _, before, after, _ = state
            return (attempt < policy.max_attempts) & (after >= before)

        def attempt_again(state):
            attempt, rate, _, _, jitters = state
            jitter = jax.random.uniform(policy.rngs.backoff(), ())
            rate = rate * policy.factor * (1.0 + jitter)
            before, after = step(rate)
            return attempt + 1, rate, before, after, jitters.at[attempt].set(jitter)

        before, after = step(lr)
        init = (jnp.int32(0), jnp.float32(lr), before, after, jnp.zeros(policy.max_attempts))
        return lax.while_loop(worse, attempt_again, init)[-1]

    return retried


def main():
    x = jax.random.normal(jax.random.key(2), (32, 3))
    y = x @ jnp.array([0.5, -1.0, 2.0])
    model = QueueLength(rngs=nnx.Rngs(0))
    return with_backoff(make_step(model, x, y), BackoffPolicy(seed=4))(500.0)
