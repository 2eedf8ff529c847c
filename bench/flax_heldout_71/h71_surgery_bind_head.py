# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/backbone/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a model-surgery helper re-initialises the head, then a sanity check binds the new variables with model.bind and runs a jax.checkpoint'ed scan body through the bound module in train mode
"""Model surgery helpers: swap in a fresh classification head and smoke-test the result."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax.core import unfreeze


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(24)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.relu(x)


class Net(nn.Module):
    num_classes: int = 10

    def setup(self):
        self.backbone = Backbone()
        self.head = nn.Dense(self.num_classes)

    def __call__(self, x, train: bool = True):
        return self.head(self.backbone(x, train))


def reinit_head(model: Net, variables, key, sample):
    """Replace the head parameters with freshly initialised ones."""
    fresh = model.init(key, sample, train=False)
    variables = unfreeze(variables)
    variables["params"]["head"] = fresh["params"]["head"]
    return variables


def frozen_labels(params):
    return {k: ("frozen" if k == "backbone" else "trainable") for k in params}


def smoke_test(model, variables, batches):
    bound = model.bind(variables)

    @jax.checkpoint
    def body(carry, x):
        logits = bound(x)
        return carry + jnp.isfinite(logits).all(), None

    ok, _ = jax.lax.scan(body, jnp.int32(0), batches)
    return ok


def main():
    model = Net()
    sample = jnp.ones((4, 12))
    variables = model.init(jax.random.PRNGKey(0), sample, train=False)
    variables = reinit_head(model, variables, jax.random.PRNGKey(1), sample)
    print(frozen_labels(variables["params"]))
    batches = jax.random.normal(jax.random.PRNGKey(2), (3, 4, 12))
    print("finite batches:", smoke_test(model, variables, batches))
    return None
