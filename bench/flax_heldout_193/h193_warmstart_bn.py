# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/backbone/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 FineTuner._forward reads self.model and self.store.variables; the scan body calls it with train=True and no mutable collections
"""Warm start: a shelf-product classifier pretrained on one retail chain is moved to another.
The backbone is kept, the head is re-initialised for the new label set, and the BatchNorm
statistics are re-estimated on the new chain's images before fine-tuning starts."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Backbone(nn.Module):
    width: int = 32

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.gelu(x)


class ShelfClassifier(nn.Module):
    num_classes: int

    @nn.compact
    def __call__(self, x, train: bool = False):
        features = Backbone(name="backbone")(x, train)
        return nn.Dense(self.num_classes, name="head")(features)


@dataclasses.dataclass
class VariableStore:
    variables: dict


def warm_start(pretrained, fresh, reinit=("head",)):
    """Pretrained weights everywhere except the layers named in `reinit`, which come from `fresh`."""
    params = {name: (fresh["params"][name] if name in reinit else value)
              for name, value in pretrained["params"].items()}
    return {"params": params, "batch_stats": pretrained["batch_stats"]}


class FineTuner:
    def __init__(self, model: nn.Module, store: VariableStore):
        self.model = model
        self.store = store

    def _forward(self, images):
        return self.model.apply(self.store.variables, images, train=True)

    def recalibrate(self, image_batches):
        """One pass over the new chain's images in train mode, to move the BatchNorm statistics."""

        def body(seen, images):
            logits = self._forward(images)
            return seen + images.shape[0], jnp.abs(logits).mean()

        seen, activity = scan(body, 0, image_batches)
        return seen, activity


def main():
    images = jax.random.normal(jax.random.key(0), (4, 8, 20))
    source = ShelfClassifier(num_classes=7)
    pretrained = source.init(jax.random.key(1), images[0])
    target = ShelfClassifier(num_classes=3)
    fresh = target.init(jax.random.key(2), images[0])
    tuner = FineTuner(target, VariableStore(warm_start(pretrained, fresh)))
    seen, activity = tuner.recalibrate(images)
    print("recalibrated on", int(seen), "images; mean |logit|", float(activity.mean()))
    return None
