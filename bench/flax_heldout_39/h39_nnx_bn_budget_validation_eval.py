# label: ok
# flax-error: none
# class: 3 ValidationRunner switches self.model to eval mode before the raw while_loop, so the body only reads BatchNorm's running statistics
"""Early-exit validation: stream batches through an NNX CNN until a sample budget is spent."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SmallCNN(nnx.Module):
    def __init__(self, channels: int, classes: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(3, channels, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(channels, rngs=rngs)
        self.head = nnx.Linear(channels, classes, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.head(x.mean(axis=(1, 2)))


@dataclasses.dataclass(frozen=True)
class ValidationConfig:
    sample_budget: int = 12
    batch_size: int = 4
    image_size: int = 6
    classes: int = 3


class ValidationRunner:
    def __init__(self, model: SmallCNN, cfg: ValidationConfig):
        self.model = model
        self.cfg = cfg

    def _batch(self, i):
        c = self.cfg
        key = jax.random.fold_in(jax.random.key(3), i)
        x = jax.random.normal(key, (c.batch_size, c.image_size, c.image_size, 3))
        y = jax.random.randint(key, (c.batch_size,), 0, c.classes)
        return x, y

    def run(self):
        self.model.eval()

        def cond(state):
            _, seen, _ = state
            return seen < self.cfg.sample_budget

        def body(state):
            i, seen, correct = state
            x, y = self._batch(i)
            pred = jnp.argmax(self.model(x), -1)
            return i + 1, seen + x.shape[0], correct + jnp.sum(pred == y)

        _, seen, correct = lax.while_loop(cond, body, (jnp.array(0), jnp.array(0), jnp.array(0)))
        return correct / seen


def main():
    cfg = ValidationConfig()
    model = SmallCNN(4, cfg.classes, rngs=nnx.Rngs(0))
    runner = ValidationRunner(model, cfg)
    print(float(runner.run()))
    return None
