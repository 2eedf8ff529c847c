# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the model variables reach the while_loop body through an EventBus handler registered by a Trainer plugin
"""Training driven by an event bus: plugins subscribe to 'forward' and 'step_end'; the trainer
runs until the loss falls under a threshold with jax.lax.while_loop and publishes events from
inside the loop body."""
from collections import defaultdict

import jax
import jax.numpy as jnp
from flax import linen as nn


class EventBus:
    def __init__(self):
        self._handlers = defaultdict(list)

    def subscribe(self, event, handler):
        self._handlers[event].append(handler)

    def publish(self, event, *args):
        out = None
        for handler in self._handlers[event]:
            out = handler(*args)
        return out


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.gelu(x)
        return nn.Dense(1)(x.mean(axis=1))[..., 0]


class ForwardPlugin:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def attach(self, bus):
        bus.subscribe("forward", self.forward)

    def forward(self, params, x):
        return self.model.apply({**self.variables, "params": params}, x)


class Trainer:
    def __init__(self, bus, lr=0.05, max_steps=20, target=1e-3):
        self.bus, self.lr, self.max_steps, self.target = bus, lr, max_steps, target

    def fit(self, params, x, y):
        def loss_fn(p):
            return jnp.mean((self.bus.publish("forward", p, x) - y) ** 2)

        def cond(state):
            step, _, loss = state
            return (step < self.max_steps) & (loss > self.target)

        def body(state):
            step, p, _ = state
            loss, grads = jax.value_and_grad(loss_fn)(p)
            p = jax.tree.map(lambda a, g: a - self.lr * g, p, grads)
            self.bus.publish("step_end", step, loss)
            return step + 1, p, loss

        return jax.lax.while_loop(cond, body, (0, params, jnp.inf))


def main():
    x = jax.random.normal(jax.random.key(0), (8, 12, 2))
    y = x.sum(axis=(1, 2))
    model = ConvNet()
    variables = model.init(jax.random.key(1), x, train=False)
    bus = EventBus()
    ForwardPlugin(model, variables).attach(bus)
    bus.subscribe("step_end", lambda step, loss: None)
    Trainer(bus).fit(variables["params"], x, y)
    return None
