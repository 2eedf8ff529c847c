# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the LampHealthService keeps the model (built in train mode from a YAML-like config dict) and its variables as attributes; the scan body calls self.model.apply(self.variables, ...) without mutable
"""Lighthouse maintenance: lamp and lens health scored over a night of hourly telemetry."""
from jax.lax import scan
import jax
import jax.numpy as jnp
from flax import linen as nn

# Parsed from the station's maintenance.yaml.
STATION_CONFIG = {
    "station": "north-head",
    "lamp_model": {"mode": "train", "features": 6, "hidden": 10},
    "schedule": {"hours": 8, "lamps": 4},
}


class LampHealthModel(nn.Module):
    hidden: int
    train: bool

    @nn.compact
    def __call__(self, telemetry):
        h = nn.Dense(self.hidden, name="telemetry")(telemetry)
        h = nn.BatchNorm(use_running_average=not self.train, name="norm")(h)
        return nn.sigmoid(nn.Dense(1, name="wear")(nn.gelu(h)))[..., 0]


def build_model(section):
    return LampHealthModel(hidden=section["hidden"], train=section["mode"] == "train")


class LampHealthService:
    def __init__(self, config, model, variables):
        self.config = config
        self.model = model
        self.variables = variables

    def _hour(self, worst, telemetry):
        wear = self.model.apply(self.variables, telemetry)
        return jnp.maximum(worst, wear), jnp.mean(wear)

    def overnight(self, telemetry):
        lamps = self.config["schedule"]["lamps"]
        worst, hourly = scan(self._hour, jnp.zeros((lamps,)), telemetry)
        return {"worst_wear": worst, "mean_wear": hourly}


def main():
    config = STATION_CONFIG
    section, schedule = config["lamp_model"], config["schedule"]
    model = build_model(section)
    telemetry = jax.random.normal(jax.random.key(3), (schedule["hours"], schedule["lamps"], section["features"]))
    variables = model.init(jax.random.key(4), telemetry[0])
    service = LampHealthService(config, model, variables)
    report = service.overnight(telemetry)
    jax.block_until_ready(report)
    return None
