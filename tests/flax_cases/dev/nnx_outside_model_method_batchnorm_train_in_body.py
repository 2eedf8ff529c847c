# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a function given the model runs a raw scan whose body calls the model's `forward` method, which runs its BatchNorm in training mode
import jax
import jax.numpy as jnp
from flax import nnx

class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(6, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)

    def forward(self, x):
        return self.bn(self.fc(x))

    def __call__(self, x):
        return self.forward(x)

def microbatch_loss(model, xs):
    def body(total, x):
        return total + jnp.mean(model.forward(x)), None
    return jax.lax.scan(body, 0.0, xs)[0]

def main():
    model = MLP(nnx.Rngs(0))
    model.train()
    microbatch_loss(model, jnp.ones((3, 4, 6)))
