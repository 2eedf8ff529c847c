# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TowerMediator hands one model.bind(..., mutable=['batch_stats']) to SwayEstimator (called in the while_loop body) and ShiftReporter (reads it after)
"""Cable car line: estimate cabin sway from anemometer readings along the towers."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SwayNet(nn.Module):
    @nn.compact
    def __call__(self, wind, train: bool = True):
        h = nn.Dense(6, name="gust")(wind)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8, name="norm")(h)
        return nn.Dense(1, name="sway")(nn.relu(h))[..., 0]


class SwayEstimator:
    def __init__(self):
        self.net = None

    def receive(self, net):
        self.net = net

    def estimate(self, wind):
        return self.net(wind)


class ShiftReporter:
    def __init__(self):
        self.net = None

    def receive(self, net):
        self.net = net

    def report(self):
        stats = self.net.variables["batch_stats"]["norm"]
        return {"gust_mean": jnp.mean(stats["mean"]), "gust_var": jnp.mean(stats["var"])}


class TowerMediator:
    """Routes the shared sway model to every component that asked for it."""

    def __init__(self):
        self.components = {}

    def register(self, name, component):
        self.components[name] = component

    def publish(self, net):
        for component in self.components.values():
            component.receive(net)


def patrol(mediator: TowerMediator, wind, towers: int):
    estimator = mediator.components["estimator"]

    def cond(state):
        return state[0] < towers

    def body(state):
        i, gusts, peak = state
        sway = estimator.estimate(gusts)
        return i + 1, gusts * 1.05 + 0.1, jnp.maximum(peak, sway.max())

    return lax.while_loop(cond, body, (0, wind, jnp.zeros(())))


def main():
    model = SwayNet()
    wind = jnp.array([[4.0, 7.5, 1.0], [6.0, 9.0, 2.5], [3.0, 5.5, 0.5]])
    variables = model.init(jax.random.key(6), wind, train=False)
    mediator = TowerMediator()
    mediator.register("estimator", SwayEstimator())
    mediator.register("reporter", ShiftReporter())
    mediator.publish(model.bind(variables, mutable=["batch_stats"]))
    _, _, peak = patrol(mediator, wind, towers=7)
    report = mediator.components["reporter"].report()
    float(report["gust_mean"] + peak)
    return None
