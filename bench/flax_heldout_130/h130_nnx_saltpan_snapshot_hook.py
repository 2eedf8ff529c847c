# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 EvaporationTrainer.hooks[i].after_step keeps nnx.state(model) of the model merged in the scan body; the trainer nnx.updates its model from it after the loop
"""Salt pan evaporation: a model predicts the daily evaporation of each brine pond from
weather; the trainer runs an epoch in a scan and hooks snapshot the weights."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax


class EvaporationModel(nnx.Module):
    def __init__(self, features, rngs):
        self.hidden = nnx.Linear(features, 10, rngs=rngs)
        self.rate = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.softplus(self.rate(nnx.gelu(self.hidden(weather))))[..., 0]


class Hook:
    def after_step(self, model, loss):
        pass


class SnapshotHook(Hook):
    def __init__(self):
        self.latest = None

    def after_step(self, model, loss):
        self.latest = nnx.state(model)


class EvaporationTrainer:
    def __init__(self, model, hooks, lr=5e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)
        self.hooks = hooks

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            weather, evaporation = batch
            loss, grads = nnx.value_and_grad(
                lambda m: jnp.mean((m(weather) - evaporation) ** 2))(model)
            optimizer.update(model, grads)
            for hook in self.hooks:
                hook.after_step(model, loss)
            return nnx.state((model, optimizer)), loss

        _, losses = jax.lax.scan(step, state, batches)
        snapshot = next(h for h in self.hooks if isinstance(h, SnapshotHook))
        nnx.update(self.model, snapshot.latest)
        return losses


def main():
    model = EvaporationModel(features=4, rngs=nnx.Rngs(0))
    trainer = EvaporationTrainer(model, [Hook(), SnapshotHook()])
    weather = jax.random.normal(jax.random.key(3), (5, 8, 4))
    evaporation = jnp.abs(weather[..., 0]) + 0.5
    losses = trainer.fit((weather, evaporation))
    print(losses, trainer.model(weather[0]).mean())
    return None
