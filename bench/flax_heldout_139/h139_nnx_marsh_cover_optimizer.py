# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 12 (48 B)
# class: 4 FitLoop.fit scans over drone batches; the body calls self.trainer.train_step, which takes nnx.value_and_grad of trainer.model and updates trainer.optimizer (an nnx.Optimizer) built outside the loop
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

    def train_step(self, batch):
        loss, grads = nnx.value_and_grad(self.loss_fn)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss


class FitLoop:
    def __init__(self, trainer: Trainer):
        self.trainer = trainer

    def fit(self, batches):
        def step(total, batch):
            return total + self.trainer.train_step(batch), None

        total, _ = jax.lax.scan(step, jnp.zeros(()), batches)
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
