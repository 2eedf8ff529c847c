# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a checkpoint callback stores nnx.state(model) taken inside the raw scan body; the trainer nnx.update-s the model from it after the loop
"""NNX training harness from a config dict: optimizer, LR schedule and a keep-best checkpoint callback."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

CONFIG = {"din": 6, "hidden": 16, "dout": 2, "lr": 3e-3, "warmup": 2, "steps": 8, "seed": 0}


class Regressor(nnx.Module):
    def __init__(self, din, hidden, dout, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class KeepBest:
    def __init__(self):
        self.best_loss = float("inf")
        self.best_state = None

    def on_step_end(self, model, loss):
        # keeps the newest parameters; the comparison happens on the host later
        self.best_state = nnx.state(model, nnx.Param)


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, cfg, callbacks):
        self.model = Regressor(cfg["din"], cfg["hidden"], cfg["dout"], nnx.Rngs(cfg["seed"]))
        sched = optax.linear_onecycle_schedule(cfg["steps"], cfg["lr"])
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(sched), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, *batch)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step_end(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (8, 4, 6))
    ys = jax.random.normal(jax.random.key(2), (8, 4, 2))
    keep_best = KeepBest()
    trainer = Trainer(CONFIG, [keep_best])
    trainer.fit(xs, ys)
    nnx.update(trainer.model, keep_best.best_state)
    trainer.model(xs[0]).block_until_ready()
    return None
