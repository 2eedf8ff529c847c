# label: ok
# flax-error: none
# class: 4 a Pipeline gets the model from its trainer and scans predictions over shards; the predictor calls model.eval() first, so the body only reads the model state
"""Train-then-predict pipeline: the predictor reuses the trainer's NNX model for a scanned inference pass."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class ConvNetLite(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(6, 12, rngs=rngs)
        self.bn = nnx.BatchNorm(12, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.bn(self.fc(x)))))


class Trainer:
    def __init__(self, rngs):
        self.model = ConvNetLite(rngs)
        self.model.train()


class Predictor:
    def __init__(self, trainer):
        self.trainer = trainer

    def predict_shards(self, shards):
        model = self.trainer.model
        model.eval()

        def body(carry, x):
            return carry, model(x).argmax(-1)

        _, preds = lax.scan(body, None, shards)
        return preds


class Pipeline:
    def __init__(self, seed=0):
        self.trainer = Trainer(nnx.Rngs(seed, dropout=seed + 1))
        self.predictor = Predictor(self.trainer)


def main():
    pipe = Pipeline()
    preds = pipe.predictor.predict_shards(jnp.ones((4, 8, 6)))
    jax.block_until_ready(preds)
    return None
