# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 PhaseScheduler.run swaps trainer.optimizer (adam, then sgd) between phases; each phase's fori_loop body calls self.trainer.step, which updates trainer.optimizer and trainer.model built outside the loop
"""Dog-sled racing: fit a team-fatigue model from the last season's runs, in two phases.

The training service swaps the optimizer at runtime: a warm-up phase with Adam, then plain SGD
for the fine-tuning phase the kennel's coach asked for.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class FatigueModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))[..., 0]


class Trainer:
    def __init__(self, model: FatigueModel):
        self.model = model
        self.optimizer = None

    def use(self, tx):
        self.optimizer = nnx.Optimizer(self.model, tx, wrt=nnx.Param)

    def step(self, x, y):
        graphdef, params = nnx.split(self.model, nnx.Param)

        def loss(p):
            return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

        value, grads = jax.value_and_grad(loss)(params)
        self.optimizer.update(self.model, grads)
        return value


class PhaseScheduler:
    def __init__(self, trainer: Trainer, phases):
        self.trainer = trainer
        self.phases = phases  # [(name, optax transform, steps)]

    def run(self, xs, ys):
        history = {}
        for name, tx, steps in self.phases:
            self.trainer.use(tx)

            def body(i, total):
                return total + self.trainer.step(xs[i % xs.shape[0]], ys[i % ys.shape[0]])

            history[name] = lax.fori_loop(0, steps, body, jnp.zeros(())) / steps
        return history


def main():
    kx, ky = jax.random.split(jax.random.key(13))
    xs = jax.random.normal(kx, (4, 10, 5))  # runs x dogs x (pace, temp, climb, rest, age)
    ys = jax.random.uniform(ky, (4, 10))
    trainer = Trainer(FatigueModel(5, rngs=nnx.Rngs(0)))
    scheduler = PhaseScheduler(trainer, [("warmup", optax.adam(1e-2), 4), ("finetune", optax.sgd(1e-3), 4)])
    print(scheduler.run(xs, ys))
    return None


if __name__ == "__main__":
    main()
