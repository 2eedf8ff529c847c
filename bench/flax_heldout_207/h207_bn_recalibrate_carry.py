# label: ok
# flax-error: none
# class: 2 recalibrate() carries the batch_stats collection through the scan and calls model.apply(..., mutable=["batch_stats"]) on it
"""Recomputing BatchNorm running statistics after weight averaging (SWA), micro-batch by micro-batch.

apply is called with mutable=["batch_stats"] so the running averages can be updated."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Net(nn.Module):
    features: int = 16

    def setup(self):
        self.dense1 = nn.Dense(self.features)
        self.bn = nn.BatchNorm(momentum=0.9)
        self.dense2 = nn.Dense(3)

    def __call__(self, x, train: bool = False):
        h = self.dense1(x)
        h = self.bn(h, use_running_average=not train)
        return self.dense2(nn.relu(h))


def recalibrate(model, variables, batches):
    params = variables["params"]

    def body(batch_stats, x):
        _, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return updates["batch_stats"], None

    batch_stats, _ = scan(body, variables["batch_stats"], batches)
    return {"params": params, "batch_stats": batch_stats}


def main():
    model = Net()
    batches = jax.random.normal(jax.random.key(0), (5, 8, 4))
    variables = model.init(jax.random.key(1), batches[0], train=False)
    variables = recalibrate(model, variables, batches)
    model.apply(variables, batches[0], train=False)
    return None


if __name__ == "__main__":
    main()
