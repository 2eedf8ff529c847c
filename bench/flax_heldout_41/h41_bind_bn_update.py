# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a module bound once with bind(..., mutable=['batch_stats']) is closed over by the raw scan body and unbind() is read after the loop
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
    bound = model.bind(variables, mutable=["batch_stats"])

    def step(carry, images):
        bound(images, train=True)
        return carry, None

    lax.scan(step, None, batches)
    _, new_variables = bound.unbind()
    return new_variables


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.PRNGKey(0), (5, 4, 8, 8, 3))
    variables = model.init(jax.random.PRNGKey(1), batches[0])
    variables = update_bn(model, variables, batches)
    logits = model.apply(variables, batches[0], train=False)
    logits.block_until_ready()
    return None
