# label: ok
# flax-error: none
# class: 4 run_pbt loop wrapper's fori_loop body builds fresh nnx.Rngs per member from the base key folded with the generation
"""Population-based training of learning rates for a tiny regression model."""
import jax
import jax.numpy as jnp
from flax import nnx


class HParams(nnx.Variable):
    pass


class Member(nnx.Module):
    def __init__(self, seed: int):
        self.seed = seed
        self.log_lr = HParams(jnp.log(jnp.array(0.05)))
        self.w = nnx.Param(jnp.zeros(3))


def member_loss(w, data):
    return jnp.mean((data["x"] @ w - data["y"]) ** 2)


def explore(rngs, log_lr):
    u = jax.random.uniform(rngs.explore(), (), minval=-0.2, maxval=0.2)
    return log_lr + u


def train_interval(w, log_lr, data, steps=3):
    for _ in range(steps):
        w = w - jnp.exp(log_lr) * jax.grad(member_loss)(w, data)
    return w


def run_pbt(population, data, generations, base_key):
    history = jnp.zeros((generations, len(population)))

    def body(gen, state):
        ws, lrs, hist = state
        ws = [train_interval(w, lr, data) for w, lr in zip(ws, lrs)]
        losses = jnp.stack([member_loss(w, data) for w in ws])
        best = jnp.argmin(losses)
        best_w, best_lr = jnp.stack(ws)[best], jnp.stack(lrs)[best]
        gen_key = jax.random.fold_in(base_key, gen)
        lrs = [explore(nnx.Rngs(explore=jax.random.fold_in(gen_key, m.seed)), best_lr)
               for m in population]
        return [best_w for _ in ws], lrs, hist.at[gen].set(jnp.stack(lrs) - best_lr)

    init = ([m.w.value for m in population], [m.log_lr.value for m in population], history)
    return jax.lax.fori_loop(0, generations, body, init)


def main():
    key = jax.random.key(0)
    x = jax.random.normal(key, (32, 3))
    data = {"x": x, "y": x @ jnp.array([1.0, -2.0, 0.5])}
    population = [Member(seed) for seed in range(3)]
    ws, lrs, perturbations = run_pbt(population, data, 4, jax.random.key(7))
    for m, w, lr in zip(population, ws, lrs):
        m.w.value, m.log_lr.value = w, lr
    print("lrs", [float(jnp.exp(lr)) for lr in lrs])
    return perturbations
