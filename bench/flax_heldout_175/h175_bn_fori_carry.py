# label: ok
# flax-error: none
# class: 2 the variables dict, a local of main, is split so batch_stats ride in the fori_loop carry into model.apply
"""Ported from PyTorch: net.train(); for x in calib: net(x)  -- warm up BatchNorm before fine-tuning."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    num_classes: int = 10

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(self.num_classes)(x)


def main():
    model = ConvNet()
    calib = jax.random.normal(jax.random.key(0), (6, 4, 8, 8, 1))
    variables = model.init(jax.random.key(1), calib[0], train=False)
    params = variables["params"]

    def body(i, carry):
        batch_stats, total = carry
        logits, updates = model.apply(
            {"params": params, "batch_stats": batch_stats},
            calib[i],
            train=True,
            mutable=["batch_stats"],
        )
        return updates["batch_stats"], total + logits.mean()

    batch_stats, total = jax.lax.fori_loop(
        0, calib.shape[0], body, (variables["batch_stats"], jnp.float32(0.0))
    )
    variables = {"params": params, "batch_stats": batch_stats}
    print("mean logit", total / calib.shape[0])
    return None


if __name__ == "__main__":
    main()
