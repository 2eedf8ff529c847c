# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body calls self.section.sensor_norm, a BatchNorm two modules down, in training mode with batch_stats mutable
import jax
import jax.numpy as jnp
from flax.linen import BatchNorm, Dense, Module

lax = jax.lax


class TestSection(Module):
    probes: int

    def setup(self):
        self.sensor_norm = BatchNorm(momentum=0.9, name="sensor_norm")
        self.pressure_head = Dense(1, name="pressure_head")


class WindTunnelNet(Module):
    probes: int = 6

    def setup(self):
        self.section = TestSection(self.probes)

    def __call__(self, sweeps, train: bool = False):
        tare = self.section.sensor_norm(sweeps[0], use_running_average=not train)

        def sweep(state, reading):
            normed = self.section.sensor_norm(reading - tare, use_running_average=not train)
            lift = self.section.pressure_head(normed)[..., 0]
            return state + lift.mean(), lift

        self.section.pressure_head(tare)
        total, lifts = lax.scan(sweep, jnp.float32(0.0), sweeps[1:])
        return total, lifts


class TunnelCampaign:
    def __init__(self, net: WindTunnelNet, seed: int = 3):
        self.net = net
        self.seed = seed

    def sweeps(self, n: int = 5, batch: int = 4):
        speed = jnp.linspace(10.0, 40.0, n)[:, None, None]
        angle = jnp.linspace(-0.2, 0.2, batch * self.net.probes).reshape(1, batch, self.net.probes)
        return jnp.sin(angle * speed)

    def build(self, sweeps):
        return self.net.init(jax.random.key(self.seed), sweeps)

    def run(self, variables, sweeps):
        (total, lifts), updates = self.net.apply(variables, sweeps, train=True, mutable=["batch_stats"])
        return total, lifts, {**variables, **updates}


    def report(self, variables, sweeps):
        total, _ = self.net.apply(variables, sweeps, train=False)
        return total / (sweeps.shape[0] - 1)


def main():
    campaign = TunnelCampaign(WindTunnelNet())
    sweeps = campaign.sweeps()
    variables = campaign.build(sweeps)
    total, lifts, variables = campaign.run(variables, sweeps)
    mean_lift = campaign.report(variables, sweeps)
    jax.block_until_ready((total, lifts, mean_lift))
    return None
