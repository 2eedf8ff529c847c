# label: ok
# flax-error: none
# class: 3 an Evaluator keeps model.apply and the variables, the raw lax.scan body applies with mutable batch_stats and carries them, and an experiment tracker reads the returned stats
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=False)(x)
        return nn.Dense(3)(nn.gelu(x))


class ExperimentTracker:
    def __init__(self):
        self.records = {}

    def log(self, name, value):
        self.records.setdefault(name, []).append(float(jnp.mean(value)))


class Evaluator:
    def __init__(self, model, variables, tracker):
        self.model = model
        self.variables = variables
        self.tracker = tracker

    def recalibrate(self, batches):
        params = self.variables["params"]

        def body(carry, x):
            total, stats = carry
            logits, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, x, mutable=["batch_stats"]
            )
            return (total + logits.sum(), updates["batch_stats"]), None

        (total, stats), _ = jax.lax.scan(body, (jnp.zeros(()), self.variables["batch_stats"]), batches)
        self.variables = {"params": params, "batch_stats": stats}
        self.tracker.log("bn_mean", stats["BatchNorm_0"]["mean"])
        return total


def main():
    model = Classifier()
    batches = jnp.ones((5, 4, 10))
    variables = model.init(jax.random.key(0), batches[0])
    Evaluator(model, variables, ExperimentTracker()).recalibrate(batches)
    return None
