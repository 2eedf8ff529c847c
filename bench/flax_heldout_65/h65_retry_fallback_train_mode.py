# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a RobustStep re-runs the model in train mode as a lax.cond fallback inside the scan body, without mutable batch_stats
"""Scoring loop that falls back to re-running a step in a different mode when outputs are not finite."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(2)(nn.relu(x))


class ModelRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, x, mode):
        return self.model.apply(self.variables, x, train=(mode == "train"))


class RobustStep:
    """Run in eval mode; if the output is not finite, retry with batch statistics (train mode)."""

    def __init__(self, runner: ModelRunner, fallback_mode="train"):
        self.runner = runner
        self.fallback_mode = fallback_mode

    def __call__(self, x):
        y = self.runner.run(x, "eval")
        return jax.lax.cond(
            jnp.all(jnp.isfinite(y)),
            lambda: y,
            lambda: self.runner.run(x, self.fallback_mode),
        )


def main():
    model = Net()
    batches = jnp.ones((3, 4, 5))
    variables = model.init(jax.random.key(0), batches[0])
    step = RobustStep(ModelRunner(model, variables))
    _, ys = jax.lax.scan(lambda c, b: (c, step(b)), None, batches)
    ys.block_until_ready()
    return None
