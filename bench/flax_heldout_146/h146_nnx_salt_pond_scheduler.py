# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 scheduler.trainer.hooks[0] is handed nnx.state of the model merged inside the fori_loop body and keeps it as its best-state candidate; after the loop nnx.update writes that state into the model, which is then run
"""Solar salt works: calibrates a brine-evaporation model and keeps the best state via hooks."""
import jax
import jax.numpy as jnp
from flax import nnx


class EvaporationModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.proj(weather))))).squeeze(-1)


class BestStateHook:
    def __init__(self):
        self.best_loss = float("inf")
        self.best_state = None

    def on_step(self, step, loss, state):
        # keeps the most recent state as the candidate; the loss is compared after the run
        self.best_state = state
        self.best_loss = loss


class CalibrationTrainer:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    def fit(self, weather, evaporation, n_rounds: int):
        graphdef, state = nnx.split(self.model)

        def body(i, state):
            model = nnx.merge(graphdef, state)
            loss = jnp.mean((model(weather[i]) - evaporation[i]) ** 2)
            state = nnx.state(model)
            for hook in self.hooks:
                hook.on_step(i, loss, state)
            return state

        jax.lax.fori_loop(0, n_rounds, body, state)


class EvaporationScheduler:
    def __init__(self, trainer: CalibrationTrainer):
        self.trainer = trainer

    def restore_best(self):
        hook = self.trainer.hooks[0]
        nnx.update(self.trainer.model, hook.best_state)
        return self.trainer.model


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    weather = jax.random.normal(k1, (6, 10, 4))  # rounds x ponds x (sun, wind, humidity, temp)
    evaporation = jax.random.uniform(k2, (6, 10))
    trainer = CalibrationTrainer(EvaporationModel(rngs=nnx.Rngs(0)), [BestStateHook()])
    scheduler = EvaporationScheduler(trainer)
    trainer.fit(weather, evaporation, n_rounds=6)
    model = scheduler.restore_best()
    model.eval()
    print("forecast", model(weather[0]))
    return None
