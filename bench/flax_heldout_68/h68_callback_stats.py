# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a callback held by the trainer's callback list calls model.apply in train mode from inside the fori_loop body
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen as nn
from flax import struct


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Conv(8, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(2)(x.mean(axis=1))


@struct.dataclass
class State:
    step: jnp.ndarray
    variables: dict
    act_sum: jnp.ndarray


class Callback:
    def on_step(self, state, batch):
        return state


class ActivationStatsCallback(Callback):
    """Accumulates the mean absolute logit seen during training."""

    def __init__(self, model):
        self.model = model

    def on_step(self, state, batch):
        logits = self.model.apply(state.variables, batch, train=True)
        return state.replace(act_sum=state.act_sum + jnp.abs(logits).mean())


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def on_step(self, state, batch):
        for cb in self.callbacks:
            state = cb.on_step(state, batch)
        return state


class Loop:
    def __init__(self, callbacks):
        self.callbacks = CallbackList(callbacks)

    def run(self, state, batches):
        def body(i, state):
            state = self.callbacks.on_step(state, batches[i])
            return state.replace(step=state.step + 1)

        return fori_loop(0, batches.shape[0], body, state)


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.PRNGKey(0), (6, 4, 10, 3))
    variables = model.init(jax.random.PRNGKey(1), batches[0])
    state = State(step=jnp.zeros((), jnp.int32), variables=variables, act_sum=jnp.zeros(()))
    loop = Loop([Callback(), ActivationStatsCallback(model)])
    loop.run(state, batches)
    return None
