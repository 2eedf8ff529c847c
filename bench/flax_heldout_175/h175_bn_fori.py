# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a bound module, a local of main made with model.bind(variables), is called in the fori_loop body
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
    net = model.bind(variables)

    def body(i, total):
        logits = net(calib[i], train=True)
        return total + logits.mean()

    total = jax.lax.fori_loop(0, calib.shape[0], body, jnp.float32(0.0))
    print("mean logit", total / calib.shape[0])
    return None


if __name__ == "__main__":
    main()
