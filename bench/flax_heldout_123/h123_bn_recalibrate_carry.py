# label: ok
# flax-error: none
# class: 2 the batch_stats local to main go through the scan carry; the body applies the model with mutable=['batch_stats']
"""Recomputing BatchNorm statistics after weight averaging (SWA), fixed: the batch_stats enter
the scan as the carry, every step applies the model with mutable=['batch_stats'] and returns the
updated stats as the new carry."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Classifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.num_classes)(x)


def main():
    model = Classifier()
    rng = jax.random.PRNGKey(0)
    data = jax.random.normal(rng, (6, 8, 12))
    variables = model.init(rng, data[0])
    params = variables["params"]

    def body(batch_stats, xb):
        _, updates = model.apply({"params": params, "batch_stats": batch_stats}, xb,
                                 train=True, mutable=["batch_stats"])
        return updates["batch_stats"], None

    batch_stats, _ = scan(body, variables["batch_stats"], data)
    logits = model.apply({"params": params, "batch_stats": batch_stats}, data[0], train=False)
    print(logits.argmax(-1))
    return None


if __name__ == "__main__":
    main()
