# label: ok
# flax-error: none
# class: 4 NestRiskTrainer.fit carries the split state through the scan and hands self.callbacks (ExportKeeper.on_step keeps it) the model merged from the final carry after the loop; the exporter calls it
"""Salt marsh restoration: nest-flooding risk for saltmarsh sparrows on restored platforms.

The trainer carries the model state through the scan the recommended way; an export callback
keeps the latest model so the field app can be refreshed when training ends.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class NestRisk(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, nests):
        return nnx.sigmoid(self.lin(nests))[..., 0]


class ExportKeeper:
    def __init__(self):
        self.latest = None

    def on_step(self, model, loss):
        self.latest = model


class NestRiskTrainer:
    def __init__(self, model: NestRisk, callbacks, learning_rate=0.05):
        self.model = model
        self.callbacks = callbacks
        self.learning_rate = learning_rate

    def fit(self, batches):
        graphdef, state = nnx.split(self.model)

        def step(state, batch):
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch["x"]) - batch["flooded"]) ** 2))(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.learning_rate * g, nnx.state(model), grads))
            return nnx.state(model), loss

        state, losses = lax.scan(step, state, batches)
        nnx.update(self.model, state)
        for callback in self.callbacks:
            callback.on_step(nnx.merge(graphdef, state), losses[-1])
        return losses


def export_for_field_app(keeper: ExportKeeper, probe):
    return {"probe_risk": keeper.latest(probe)}


def main():
    kx, ky = jax.random.split(jax.random.key(19))
    batches = {
        "x": jax.random.normal(kx, (4, 12, 3)),  # 4 batches x 12 nests x (height, tide, vegetation)
        "flooded": (jax.random.uniform(ky, (4, 12)) > 0.7).astype(jnp.float32),
    }
    keeper = ExportKeeper()
    trainer = NestRiskTrainer(NestRisk(3, rngs=nnx.Rngs(0)), callbacks=[keeper])
    trainer.fit(batches)
    print(export_for_field_app(keeper, jnp.array([0.2, 1.1, 0.4])))
    return None


if __name__ == "__main__":
    main()
