# label: same-values
# flax-error: none
# class: 4 multi-task model -> task sampler holding a key from the model's Rngs; the fori_loop body asks the sampler for each step's task mask
"""Multi-task training with heads selected by name and a stochastic per-step task-sampling mask."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

TASKS = ("click", "purchase", "share")


class MultiTaskModel(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(din, 8, rngs=rngs)
        self.heads = nnx.Dict({name: nnx.Linear(8, 1, rngs=rngs) for name in TASKS})

    def __call__(self, x, task):
        return self.heads[task](nnx.relu(self.trunk(x)))[..., 0]


class TaskSampler:
    def __init__(self, rngs: nnx.Rngs, probs):
        self.key = rngs.tasks()
        self.probs = jnp.asarray(probs)

    def mask(self):
        return jax.random.bernoulli(self.key, self.probs)


def multitask_losses(model, sampler, xs, ys, n_steps):
    masks = jnp.zeros((n_steps, len(TASKS)), bool)

    def body(i, masks):
        m = sampler.mask()
        losses = jnp.stack([jnp.mean((model(xs[i], t) - ys[i]) ** 2) for t in TASKS])
        _ = jnp.sum(jnp.where(m, losses, 0.0))
        return masks.at[i].set(m)

    return jax.lax.fori_loop(0, n_steps, body, masks)


def main():
    rngs = nnx.Rngs(params=0, tasks=3)
    model = MultiTaskModel(4, rngs=rngs)
    sampler = TaskSampler(rngs, [0.5, 0.5, 0.5])
    xs = jax.random.normal(jax.random.key(1), (6, 2, 4))
    ys = jnp.zeros((6, 2))
    return multitask_losses(model, sampler, xs, ys, 6)
