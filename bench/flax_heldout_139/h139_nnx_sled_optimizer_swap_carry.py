# label: ok
# flax-error: none
# class: 4 PhaseScheduler.run swaps trainer.optimizer (adam, then sgd) between phases; each phase splits trainer.model and trainer.optimizer, carries their state through the fori_loop for Trainer.step and nnx.update's them after
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

    @staticmethod
    def step(model, optimizer, x, y):
        graphdef, params = nnx.split(model, nnx.Param)

        def loss(p):
            return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

        value, grads = jax.value_and_grad(loss)(params)
        optimizer.update(model, grads)
        return value


class PhaseScheduler:
    def __init__(self, trainer: Trainer, phases):
        self.trainer = trainer
        self.phases = phases  # [(name, optax transform, steps)]

    def run(self, xs, ys):
        history = {}
        for name, tx, steps in self.phases:
            self.trainer.use(tx)
            graphdef, state = nnx.split((self.trainer.model, self.trainer.optimizer))

            def body(i, carry):
                total, state = carry
                model, optimizer = nnx.merge(graphdef, state)
                loss = self.trainer.step(model, optimizer, xs[i % xs.shape[0]], ys[i % ys.shape[0]])
                return total + loss, nnx.state((model, optimizer))

            total, state = lax.fori_loop(0, steps, body, (jnp.zeros(()), state))
            nnx.update((self.trainer.model, self.trainer.optimizer), state)
            history[name] = total / steps
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
