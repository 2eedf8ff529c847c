# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 run_pbt loop wrapper's while_loop body calls explore(), which draws from the nnx.Rngs stream held by each population member
"""Population-based training of learning rates for a tiny regression model."""
import jax
import jax.numpy as jnp
from flax import nnx


class HParams(nnx.Variable):
    pass


class Member(nnx.Module):
    def __init__(self, seed: int):
        self.rngs = nnx.Rngs(explore=seed)
        self.log_lr = HParams(jnp.log(jnp.array(0.05)))
        self.w = nnx.Param(jnp.zeros(3))


def member_loss(w, data):
    return jnp.mean((data["x"] @ w - data["y"]) ** 2)


def explore(member, log_lr):
    u = jax.random.uniform(member.rngs.explore(), (), minval=-0.2, maxval=0.2)
    return log_lr + u


def train_interval(member, w, log_lr, data, steps=3):
    for _ in range(steps):
        w = w - jnp.exp(log_lr) * jax.grad(member_loss)(w, data)
    return w


def run_pbt(population, data, generations):
    def cond(state):
        return state[0] < generations

    def body(state):
        gen, ws, lrs = state
        ws = [train_interval(m, w, lr, data) for m, w, lr in zip(population, ws, lrs)]
        losses = jnp.stack([member_loss(w, data) for w in ws])
        best = jnp.argmin(losses)
        best_w = jnp.stack(ws)[best]
        best_lr = jnp.stack(lrs)[best]
        lrs = [explore(m, best_lr) for m in population]
        return gen + 1, [best_w for _ in ws], lrs

    init = (0, [m.w.value for m in population], [m.log_lr.value for m in population])
    return jax.lax.while_loop(cond, body, init)


def main():
    key = jax.random.key(0)
    x = jax.random.normal(key, (32, 3))
    data = {"x": x, "y": x @ jnp.array([1.0, -2.0, 0.5])}
    population = [Member(seed) for seed in range(3)]
    _, ws, lrs = run_pbt(population, data, generations=4)
    for m, w, lr in zip(population, ws, lrs):
        m.w.value, m.log_lr.value = w, lr
    print("lrs", [float(jnp.exp(lr)) for lr in lrs])
    return None
