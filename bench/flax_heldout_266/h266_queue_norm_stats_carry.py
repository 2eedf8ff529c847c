# label: ok
# flax-error: none
# class: 3 the fori_loop body of QueueTrainer.calibrate applies self.model with self.variables["params"] and the batch_stats threaded through the carry
"""Queue-length estimation at signalised junctions: settle BatchNorm statistics before evaluation."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class QueueData:
    def __init__(self, num_batches=4, batch_size=6, lanes=3):
        self.num_batches = num_batches
        self.batch_size = batch_size
        self.lanes = lanes

    def batches(self):
        base = jnp.arange(self.batch_size * self.lanes, dtype=jnp.float32)
        base = base.reshape(self.batch_size, self.lanes) / 10.0
        return jnp.stack([base + 0.5 * i for i in range(self.num_batches)])


class QueueLengthNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


def forward_train(model, variables, batch):
    out, updates = model.apply(variables, batch, train=True, mutable=["batch_stats"])
    return out, updates["batch_stats"]


class QueueTrainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def calibrate(self, batches):
        params = self.variables["params"]

        def body(i, carry):
            stats, total = carry
            out, stats = forward_train(self.model, {"params": params, "batch_stats": stats}, batches[i])
            return stats, total + out.mean()

        start = (self.variables["batch_stats"], jnp.zeros(()))
        stats, total = jax.lax.fori_loop(0, batches.shape[0], body, start)
        self.variables = {"params": params, "batch_stats": stats}
        return total


class QueueEvaluator:
    def __init__(self, model):
        self.model = model

    def mean_queue(self, variables, batch):
        return self.model.apply(variables, batch, train=False).mean()


def main():
    batches = QueueData().batches()
    model = QueueLengthNet()
    variables = model.init(jax.random.key(0), batches[0], train=False)
    trainer = QueueTrainer(model, variables)
    total = trainer.calibrate(batches)
    score = QueueEvaluator(model).mean_queue(trainer.variables, batches[0])
    jax.block_until_ready((total, score))
