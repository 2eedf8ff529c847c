# label: ok
# flax-error: none
# class: 4 FitLoop.fit splits trainer.model and trainer.optimizer before the scan, carries their state, merges them in the body for Trainer.train_step and nnx.update's them after the loop
"""Salt marsh restoration: learn vegetation cover from drone multispectral tiles.

Three layers in one file, as in the monitoring package: model (marsh/cover_model.py), training
service (marsh/training.py) and the runner (marsh/run_fit.py).
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


# ----------------------------------------------------------------------- model layer
class CoverNet(nnx.Module):
    def __init__(self, bands: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(bands, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, tiles):
        return nnx.sigmoid(self.head(nnx.relu(self.encode(tiles))))[..., 0]


# -------------------------------------------------------------------- service layer
class Trainer:
    def __init__(self, model: CoverNet, tx: optax.GradientTransformation):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    @staticmethod
    def loss_fn(model, batch):
        return jnp.mean((model(batch["tiles"]) - batch["cover"]) ** 2)

    @classmethod
    def train_step(cls, model, optimizer, batch):
        loss, grads = nnx.value_and_grad(cls.loss_fn)(model, batch)
        optimizer.update(model, grads)
        return loss


class FitLoop:
    def __init__(self, trainer: Trainer):
        self.trainer = trainer

    def fit(self, batches):
        graphdef, state = nnx.split((self.trainer.model, self.trainer.optimizer))

        def step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.trainer.train_step(model, optimizer, batch)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, state), _ = jax.lax.scan(step, (jnp.zeros(()), state), batches)
        nnx.update((self.trainer.model, self.trainer.optimizer), state)
        return total / batches["tiles"].shape[0]


# --------------------------------------------------------------------- runner layer
def main():
    k_tiles, k_cover = jax.random.split(jax.random.key(31))
    batches = {
        "tiles": jax.random.uniform(k_tiles, (5, 16, 6)),  # 5 batches of 16 tiles, 6 bands
        "cover": jax.random.uniform(k_cover, (5, 16)),
    }
    trainer = Trainer(CoverNet(6, 12, rngs=nnx.Rngs(0)), optax.adam(3e-3))
    mean_loss = FitLoop(trainer).fit(batches)
    print("mean loss", float(mean_loss))
    return None


if __name__ == "__main__":
    main()
