# label: ok
# flax-error: none
# class: 3 batch_stats travel in the raw scan carry; the body binds, calls and unbinds the module itself and returns the new stats
"""Port of torch.optim.swa_utils.update_bn: recompute BatchNorm statistics over the data after SWA."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(10)(x)


def update_bn(model, variables, batches):
    params = variables["params"]

    def step(batch_stats, images):
        bound = model.bind({"params": params, "batch_stats": batch_stats}, mutable=["batch_stats"])
        bound(images, train=True)
        _, new_variables = bound.unbind()
        return new_variables["batch_stats"], None

    batch_stats, _ = lax.scan(step, variables["batch_stats"], batches)
    return {"params": params, "batch_stats": batch_stats}


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.PRNGKey(0), (5, 4, 8, 8, 3))
    variables = model.init(jax.random.PRNGKey(1), batches[0])
    variables = update_bn(model, variables, batches)
    logits = model.apply(variables, batches[0], train=False)
    logits.block_until_ready()
    return None
